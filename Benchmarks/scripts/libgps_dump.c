/*
 * libgps_dump.c -- the C reference for gpsd-conformance: reads JSON lines, decodes each with libgps's
 * gps_unpack(), and prints one canonical line per input line with the values libgps stored, in exactly
 * the format gpsd-conformance prints for GPSDReport.decode. Diffing the two outputs compares the decoders.
 * build: gcc -O2 -o libgps_dump libgps_dump.c -lgps -lm
 * usage: libgps_dump FILE.jsonl > libgps.txt
 */
#include <gps.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void real(const char *name, double value) { printf(" %s=%.17g", name, value); }
static void integer(const char *name, long long value) { printf(" %s=%lld", name, value); }
static void stamp(const char *name, timespec_t t) { printf(" %s=%lld.%09ld", name, (long long)t.tv_sec, t.tv_nsec); }
static void status(const char *name, char value) { printf(" %s=%c", name, value ? value : '-'); }

static void tpv(const struct gps_fix_t *f)
{
    integer("mode", f->mode); integer("status", f->status); stamp("time", f->time);
    real("lat", f->latitude); real("lon", f->longitude); real("altHAE", f->altHAE); real("altMSL", f->altMSL);
    real("eph", f->eph); real("epx", f->epx); real("epy", f->epy); real("epv", f->epv); real("ept", f->ept);
    real("eps", f->eps); real("epc", f->epc); real("epd", f->epd); real("track", f->track);
    real("magtrack", f->magnetic_track); real("magvar", f->magnetic_var); real("speed", f->speed);
    real("climb", f->climb); real("geoidSep", f->geoid_sep); real("sep", f->sep); real("depth", f->depth);
    real("dgpsAge", f->dgps_age); integer("dgpsSta", f->dgps_station);
    /* libgps 3.22's TPV attribute table (libgps/libgps_json.c) stores "ecefpAcc" in ecef.vAcc and "ecefvAcc"
     * in ecef.pAcc, and "velN/E/D" in NED.relPosN/E/D, where "relN/E/D" also go. Read each value where libgps
     * put it, so the comparison is of parsing; relN/E/D cannot be told from velN/E/D there and are not
     * compared (the suite's .chk files never send relN/E/D). */
    real("ecefx", f->ecef.x); real("ecefy", f->ecef.y); real("ecefz", f->ecef.z); real("ecefpAcc", f->ecef.vAcc);
    real("ecefvx", f->ecef.vx); real("ecefvy", f->ecef.vy); real("ecefvz", f->ecef.vz); real("ecefvAcc", f->ecef.pAcc);
    real("velN", f->NED.relPosN); real("velE", f->NED.relPosE); real("velD", f->NED.relPosD);
}

static void sky(const struct gps_data_t *d)
{
    real("xdop", d->dop.xdop); real("ydop", d->dop.ydop); real("vdop", d->dop.vdop); real("tdop", d->dop.tdop);
    real("hdop", d->dop.hdop); real("gdop", d->dop.gdop); real("pdop", d->dop.pdop);
    integer("satellites", d->satellites_visible);
    for (int i = 0; i < d->satellites_visible && i < MAXCHANNELS; i++) {
        const struct satellite_t *s = &d->skyview[i];
        integer("PRN", s->PRN); real("el", s->elevation); real("az", s->azimuth); real("ss", s->ss);
        integer("used", s->used); integer("gnssid", s->gnssid); integer("svid", s->svid);
    }
}

static void gst(const struct gst_t *g)
{
    stamp("time", g->utctime); real("rms", g->rms_deviation); real("major", g->smajor_deviation);
    real("minor", g->sminor_deviation); real("orient", g->smajor_orientation);
    real("lat", g->lat_err_deviation); real("lon", g->lon_err_deviation); real("alt", g->alt_err_deviation);
}

static void att(const struct attitude_t *a)
{
    stamp("time", a->mtime); real("heading", a->heading); status("mag_st", a->mag_st); real("pitch", a->pitch);
    status("pitch_st", a->pitch_st); real("yaw", a->yaw); status("yaw_st", a->yaw_st); real("roll", a->roll);
    status("roll_st", a->roll_st); real("dip", a->dip); real("mag_len", a->mag_len); real("mag_x", a->mag_x);
    real("mag_y", a->mag_y); real("mag_z", a->mag_z); real("acc_len", a->acc_len); real("acc_x", a->acc_x);
    real("acc_y", a->acc_y); real("acc_z", a->acc_z); real("gyro_x", a->gyro_x); real("gyro_y", a->gyro_y);
    real("depth", a->depth); real("temp", a->temp);
}

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: %s FILE.jsonl\n", argv[0]); return 2; }
    FILE *in = fopen(argv[1], "r");
    if (!in) { perror(argv[1]); return 1; }
    static char line[65536];
    static struct gps_data_t data;
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = '\0';
        char name[32] = "";
        if (sscanf(line, "{\"class\":\"%31[^\"]\"", name) != 1) { printf("?\n"); continue; }
        memset(&data, 0, sizeof data);
        int status = gps_unpack(line, &data);
        printf("%s", name);
        if (status != 0) printf(" error");
        else if (!strcmp(name, "TPV")) tpv(&data.fix);
        else if (!strcmp(name, "SKY")) sky(&data);
        else if (!strcmp(name, "GST")) gst(&data.gst);
        else if (!strcmp(name, "ATT")) att(&data.attitude);
        printf("\n");
    }
    return 0;
}

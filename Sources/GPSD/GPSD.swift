// GPSD: see its issue.

// LinuxIIO: see its issue.

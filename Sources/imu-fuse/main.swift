// imu-fuse: fuses a gyroscope/accelerometer/magnetometer recording into attitude quaternions. See issue 5.
print("imu-fuse: not yet available")

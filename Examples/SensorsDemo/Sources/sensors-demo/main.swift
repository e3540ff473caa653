// sensors-demo: the sample CLI reducer app. See issue 6.
print("sensors-demo: under construction")

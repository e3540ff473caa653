// The sample app's reducer features. See issue 6.

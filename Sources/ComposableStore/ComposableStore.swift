// The reducer runtime: Reducer, Store, Effect. See issue 2.

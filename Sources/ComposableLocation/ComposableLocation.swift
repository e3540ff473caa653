// ComposableLocation: see its issue.

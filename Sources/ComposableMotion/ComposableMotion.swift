// ComposableMotion: see its issue.

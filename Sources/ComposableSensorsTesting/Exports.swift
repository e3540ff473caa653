// Tests use URLs and Data for fixtures: the Foundation conveniences come with the testing module.
@_exported import ComposableSensorsFoundation

// The app: every runtime library product, used for real (see StaticAppCore).
import StaticAppCore

@main
struct StaticApp {
  static func main() async {
    print(await useEveryProduct())
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A non-zero number naming the calling thread: the store recognises a send made from inside
/// the reducer running on this very thread, a live reader the jobs enqueued while it delivers.
@inlinable
@inline(__always)
package func currentThreadID() -> UInt {
  #if canImport(Glibc)
    UInt(pthread_self())
  #else
    // Musl's and Darwin's pthread_t is a pointer.
    UInt(bitPattern: pthread_self())
  #endif
}

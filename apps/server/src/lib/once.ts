/** `make` run on the first call only; later calls share its promise (lazy loading of optional SDKs). */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

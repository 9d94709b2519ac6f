// A port whose every method answers later: the team store answers over the network, so each call is a Promise.
export type AsyncPort<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : T[K];
};

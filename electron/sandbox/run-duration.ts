// The duration of one run: the project's fixed `durationMs`, or with `durationSpread` a log-normal draw
// with that mean and coefficient of variation (run times are skewed: many near typical, a few long).
import { MAX_DURATION_MS, type Simulation } from './seed';

export function drawDurationMs(
  simulation: Pick<Simulation, 'durationMs' | 'durationSpread'>,
  random: () => number,
): number {
  const { durationMs, durationSpread } = simulation;
  if (durationSpread <= 0 || durationMs <= 0) return durationMs;
  // For a log-normal with mean m and CV c: σ² = ln(1 + c²) and μ = ln(m) − σ²/2.
  const sigmaSquared = Math.log(1 + durationSpread * durationSpread);
  const mu = Math.log(durationMs) - sigmaSquared / 2;
  const drawn = Math.exp(mu + Math.sqrt(sigmaSquared) * standardNormal(random));
  return Math.min(MAX_DURATION_MS, Math.round(drawn));
}

/** Box–Muller: one standard normal from two uniforms; 1 − u keeps the logarithm's argument above 0. */
function standardNormal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

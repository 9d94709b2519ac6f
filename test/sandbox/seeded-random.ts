// Statistics for the sandbox's random durations; the seeded source itself is the shared one.
export { seededRandom } from '../fixtures/fake-time';

/** Mean and coefficient of variation (population standard deviation over mean). */
export function meanAndCv(values: readonly number[]): { mean: number; cv: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return { mean, cv: Math.sqrt(variance) / mean };
}

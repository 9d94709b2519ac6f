// How deeply a parsed JSON value nests. Bodies are checked against a cap before validation, because
// recursive code further on (zod, JSON.stringify) overflows the stack on a few thousand levels.
export const MAX_JSON_DEPTH = 64;

/**
 * True when `value` nests objects/arrays more than `max` levels deep (a flat object is 1 level).
 * Iterative, so the check itself cannot overflow, and it stops at the first branch over the cap.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top || typeof top.value !== 'object' || top.value === null) continue;
    if (top.depth > max) return true;
    for (const child of Object.values(top.value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: top.depth + 1 });
    }
  }
  return false;
}

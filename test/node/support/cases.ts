/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev code: FC_RUNS, FC_SEED and CI from the environment */
/**
 * How many cases a property test runs, and from which seed; FC_RUNS and FC_SEED override them.
 * In CI (CI set) the seed is fixed, so a run is repeatable and a landing never rests on a draw;
 * elsewhere each run draws a new seed, which fast-check prints with any counterexample (keep a
 * failing one as a plain test).
 */
export const CI_SEED = 20261126;

export const propertyRuns = (runs: number) => ({
	numRuns: Number(process.env.FC_RUNS ?? runs),
	seed: Number(process.env.FC_SEED ?? (process.env.CI ? CI_SEED : Date.now() % 2 ** 31)),
});

// `npm run bench:batch`: the page benchmarks' shared set-up (bench-config.ts).
import { benchConfig } from '../bench-config';

export default benchConfig(600_000);

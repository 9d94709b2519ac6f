// `npm run bench:queue`: the page benchmarks' shared set-up (bench-config.ts).
import { benchConfig } from '../bench-config';

export default benchConfig(300_000);

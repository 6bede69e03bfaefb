// The stacks the e2e run starts (e2e/playwright.config.ts, decision 066): one `shipped` stack per
// worker, each started as `npm start` starts it, the first on E2E_PORT, E2E_HELPER_HTTP_PORT and
// E2E_HELPER_HTTPS_PORT, the next on each of them + 2 (decision 089); and `controlled`, with the
// test endpoints and a long PDF delay, on its own ports (E2E_CONTROLLED_PORT,
// E2E_CONTROLLED_HELPER_HTTP_PORT, E2E_CONTROLLED_HELPER_HTTPS_PORT; by default each first shipped
// port + 1). All carry a trainer password, as a trainer starts a room (README, Training rooms).

export interface Stack {
  name: 'shipped' | 'controlled';
  port: number;
  helperHttpPort: number;
  helperHttpsPort: number;
}

const num = (value: string | undefined, fallback: number): number => Number(value ?? fallback);

export const SHIPPED: Stack = {
  name: 'shipped',
  port: num(process.env.E2E_PORT, 18180),
  helperHttpPort: num(process.env.E2E_HELPER_HTTP_PORT, 19080),
  helperHttpsPort: num(process.env.E2E_HELPER_HTTPS_PORT, 19443),
};

/**
 * The run's workers (E2E_WORKERS, default 2: CI's two cores). A shipped spec runs on the stack of
 * its worker's `parallelIndex`, which no two workers running at once share, so the specs of one
 * stack still run one at a time on data no other worker touches.
 */
export const E2E_WORKERS = Math.max(1, num(process.env.E2E_WORKERS, 2));

/** The shipped stack of the worker with this parallel index (0: SHIPPED itself). */
export const shippedStack = (index: number): Stack => ({
  name: 'shipped',
  port: SHIPPED.port + 2 * index,
  helperHttpPort: SHIPPED.helperHttpPort + 2 * index,
  helperHttpsPort: SHIPPED.helperHttpsPort + 2 * index,
});

/** Every shipped stack the run starts, one per worker. */
export const SHIPPED_STACKS: Stack[] = Array.from({ length: E2E_WORKERS }, (_, i) => shippedStack(i));

export const CONTROLLED: Stack = {
  name: 'controlled',
  port: num(process.env.E2E_CONTROLLED_PORT, SHIPPED.port + 1),
  helperHttpPort: num(process.env.E2E_CONTROLLED_HELPER_HTTP_PORT, SHIPPED.helperHttpPort + 1),
  helperHttpsPort: num(process.env.E2E_CONTROLLED_HELPER_HTTPS_PORT, SHIPPED.helperHttpsPort + 1),
};

/** The trainer page's password on both stacks (pages/TrainerPage.ts, the fixtures' seats). */
export const TRAINER_PASSWORD = process.env.E2E_TRAINER_PASSWORD ?? 'e2e-trainer';

export const baseUrlOf = (stack: Stack): string => `http://localhost:${stack.port}`;

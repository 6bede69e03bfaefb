// The two stacks the e2e run starts (e2e/playwright.config.ts): `shipped`, started as `npm start`
// starts it (E2E_PORT, E2E_HELPER_HTTP_PORT, E2E_HELPER_HTTPS_PORT), and `controlled`, with the
// test endpoints and a long PDF delay, on its own ports (E2E_CONTROLLED_PORT,
// E2E_CONTROLLED_HELPER_HTTP_PORT, E2E_CONTROLLED_HELPER_HTTPS_PORT; by default each shipped port + 1).
// Both carry a trainer password, as a trainer starts a room (README, Training rooms).

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

export const CONTROLLED: Stack = {
  name: 'controlled',
  port: num(process.env.E2E_CONTROLLED_PORT, SHIPPED.port + 1),
  helperHttpPort: num(process.env.E2E_CONTROLLED_HELPER_HTTP_PORT, SHIPPED.helperHttpPort + 1),
  helperHttpsPort: num(process.env.E2E_CONTROLLED_HELPER_HTTPS_PORT, SHIPPED.helperHttpsPort + 1),
};

/** The trainer page's password on both stacks (pages/TrainerPage.ts, the fixtures' seats). */
export const TRAINER_PASSWORD = process.env.E2E_TRAINER_PASSWORD ?? 'e2e-trainer';

export const baseUrlOf = (stack: Stack): string => `http://localhost:${stack.port}`;

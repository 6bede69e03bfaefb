import { describe, expect, it } from 'vitest';
import { SCANNER_PROFILES } from './profiles';
import { ScanService } from './service';

const scanner = SCANNER_PROFILES[0]?.Name ?? '';

describe('the scanner fault schedule (training rooms)', () => {
  it('gives each new job the next fault in turn, round and round, until turned off', () => {
    const service = new ScanService({ now: () => 1_000 });
    const session = service.createSession(1);
    const next = () => service.createJob(session, { Scanner: scanner, Pages: 2 }).s.fault;
    expect(next()).toBeUndefined();
    service.setFaultSchedule(['PaperJam', 'ScannerInUse', 'EmptyFeeder', 'PaperJam']);
    expect(service.faultSchedule()).toEqual(['PaperJam', 'ScannerInUse', 'EmptyFeeder']);
    expect([next(), next(), next(), next()]).toEqual(['PaperJam', 'ScannerInUse', 'EmptyFeeder', 'PaperJam']);
    service.setFaultSchedule([]);
    expect(next()).toBeUndefined();
    expect(service.activity()).toEqual({ sessions: 1, jobs: 6 });
  });

  it('leaves a job that asks for a fault, or a pending test fault, as they are', () => {
    const service = new ScanService({ now: () => 1_000 });
    const session = service.createSession(1);
    service.setFaultSchedule(['EmptyFeeder']);
    expect(service.createJob(session, { Scanner: scanner, Fault: 'DeviceError' }).s.fault).toBe(
      'DeviceError',
    );
    service.setNextFault('Cancelled');
    expect(service.createJob(session, { Scanner: scanner }).s.fault).toBe('Cancelled');
    expect(service.createJob(session, { Scanner: scanner }).s.fault).toBe('EmptyFeeder');
  });
});

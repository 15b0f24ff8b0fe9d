import {
  type RunningSimulator,
  type SimulatorOptions,
  startSimulator as start,
} from '../../../electron/simulator';

/**
 * The conformance suite checks the description's full answers, the tidy style: its simulators answer
 * tidy even when ESIM_TEST_ANSWER_STYLE asks the rest of a test run for another style.
 */
export function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return start({ ...options, faults: { answerStyle: 'tidy', ...options.faults } });
}

/** The environment for a simulator started as a child process, without a style from the test run. */
export function tidyEnvironment(): NodeJS.ProcessEnv {
  const { ESIM_TEST_ANSWER_STYLE: _style, ...env } = process.env;
  return env;
}

// Loaded with `node --import` into a host process started by a test: the machine has no OS keychain
// library. keytar's native module fails to load exactly as it does on a Linux without libsecret
// (its dlopen fails, ERR_DLOPEN_FAILED), so the app under test meets the real failure at the real
// place, with nothing changed in the app itself.
const dlopen = process.dlopen.bind(process);

process.dlopen = (...args: Parameters<typeof process.dlopen>): void => {
  const [, filename] = args;
  if (/keytar\.node$/.test(filename)) {
    throw Object.assign(
      new Error(`${filename}: libsecret-1.so.0: cannot open shared object file: No such file or directory`),
      { code: 'ERR_DLOPEN_FAILED' },
    );
  }
  dlopen(...args);
};

// src/config/buildEnv.ts in unit tests: no build variables, so the app's defaults apply.
module.exports = { BUILD_ENV: {} };

// The git commit a build was made from. scripts/install and scripts/package-deb stamp it with
// `swift build -Xcc -DEXPOSURE_GIT_COMMIT='"abc1234"'`; any other build says "unknown".
// A function rather than a macro: Swift imports the header's own macros, not command-line ones.
#ifndef EXPOSURE_BUILD_STAMP_H
#define EXPOSURE_BUILD_STAMP_H

#ifndef EXPOSURE_GIT_COMMIT
#define EXPOSURE_GIT_COMMIT "unknown"
#endif

static inline const char *exposure_git_commit(void) { return EXPOSURE_GIT_COMMIT; }

#endif

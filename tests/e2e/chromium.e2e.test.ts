// The browser suite needs Debian's Chromium. Without it this test fails with how to install it
// (the other e2e files then fail in their setup): the suite is never skipped.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from './harness';

describe('browser for the e2e suite', () => {
  it("Debian's chromium is installed (apt-get install -y chromium; .ci/run does it)", () => {
    const browser = chromiumPath();
    const version = spawnSync(browser, ['--version'], { encoding: 'utf8' });
    expect(version.stdout).toMatch(/Chromium \d+/);
  });
});

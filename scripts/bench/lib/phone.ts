/**
 * The mid-range phone the browser benchmarks measure on (issue 33): the CPU slowed 4× and a 150 ms, 1.6 Mbit/s down,
 * 750 kbit/s up connection, through the Chrome DevTools Protocol, as Lighthouse's mobile profile does.
 */
import type { Page } from 'playwright-core';

export const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 } as const;
export const PHONE_CPU_SLOWDOWN = 4;

/** Puts the page on the phone profile (before it navigates). */
export async function phoneProfile(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
}

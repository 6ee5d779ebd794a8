// @vitest-environment happy-dom
/**
 * One way to save a file from the renderer (`services/download.ts`): the library's export goes
 * through it, as the Campaign view's CSV and chart images do.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_URL_LIFETIME_MS, downloadFile } from '../../src-renderer/src/services/download.ts';
import { useLibraryStore } from '../../src-renderer/src/stores/library.ts';
import { mountStudio, settle, type Mounted } from './support/mount.ts';

interface Click {
  readonly download: string;
  readonly href: string;
  readonly attached: boolean;
}

let clicks: Click[];
let created: Blob[];
let revoked: string[];
let current: Mounted | undefined;

beforeEach(() => {
  clicks = [];
  created = [];
  revoked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ download: this.download, href: this.href, attached: this.isConnected });
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    created.push(blob as Blob);
    return `blob:test/${created.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

describe('downloadFile', () => {
  it('saves a Blob under its name through an object URL, released after a while, leaving no link behind', async () => {
    vi.useFakeTimers();
    downloadFile('curve.csv', new Blob(['position,level\n1,7\n'], { type: 'text/csv' }));
    expect(clicks).toEqual([{ download: 'curve.csv', href: 'blob:test/1', attached: true }]);
    expect(await created[0].text()).toBe('position,level\n1,7\n');
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(DOWNLOAD_URL_LIFETIME_MS);
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('saves a data URL as it is, with nothing to release', () => {
    vi.useFakeTimers();
    downloadFile('par.png', 'data:image/png;base64,iVBORw0KGgo=');
    expect(clicks).toEqual([{ download: 'par.png', href: 'data:image/png;base64,iVBORw0KGgo=', attached: true }]);
    vi.runAllTimers();
    expect(created).toEqual([]);
    expect(revoked).toEqual([]);
  });

  it("is what the library's export saves with", async () => {
    current = await mountStudio();
    await useLibraryStore().exportCampaign('sok');
    await settle();
    expect(clicks).toEqual([{ download: 'microban.sok', href: 'blob:test/1', attached: true }]);
    expect(await created[0].text()).toBe('exported');
  });
});

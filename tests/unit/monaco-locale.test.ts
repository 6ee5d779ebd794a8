import { afterEach, describe, expect, it, vi } from 'vitest';

type NlsGlobal = { _VSCODE_NLS_MESSAGES?: string[] };
const nls = globalThis as NlsGlobal;

// A fresh loader per test: it loads Monaco once per page, as Monaco itself is evaluated once.
async function freshLoader() {
  vi.resetModules();
  return import('../../src-renderer/src/views/rules/monaco-loader.ts');
}

afterEach(() => {
  delete nls._VSCODE_NLS_MESSAGES;
});

describe("Monaco's own messages follow the studio's language", () => {
  it('sets the Chinese table before Monaco is imported for zh-CN', async () => {
    const { loadMonaco } = await freshLoader();
    let seenAtImport: string[] | undefined;
    await loadMonaco('zh-CN', async () => {
      seenAtImport = nls._VSCODE_NLS_MESSAGES;
      return {} as never;
    });
    expect(seenAtImport).toBeDefined();
    // The find widget's "Match Case" and "Close", as Monaco's zh-cn table words them.
    expect(seenAtImport).toContain('区分大小写');
    expect(seenAtImport).toContain('关闭');
  });

  it('leaves Monaco in its own English for en', async () => {
    const { loadMonaco } = await freshLoader();
    let seenAtImport: string[] | undefined = ['not read'];
    await loadMonaco('en', async () => {
      seenAtImport = nls._VSCODE_NLS_MESSAGES;
      return {} as never;
    });
    expect(seenAtImport).toBeUndefined();
  });

  it('imports Monaco once, whoever asks again', async () => {
    const { loadMonaco } = await freshLoader();
    let imports = 0;
    const importMonaco = async () => {
      imports += 1;
      return {} as never;
    };
    await Promise.all([loadMonaco('en', importMonaco), loadMonaco('en', importMonaco)]);
    expect(imports).toBe(1);
  });
});

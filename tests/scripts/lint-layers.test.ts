/**
 * The lint keeps the client's layers true (issue 32 §3): a feature importing another feature or app/, shared client
 * code importing a feature, and an import cycle are each an error of `npm run lint`, with a message that says what to
 * do. Checked with the project's own ESLint configuration on code placed where each mistake would be made.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the client layers in the lint', () => {
  it('refuses a feature importing another feature, and names the way out', async () => {
    const found = await problems("import HomePage from '../home/HomePage';\nexport default HomePage;\n", 'src/client/features/invest/Borrowed.tsx');
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*a feature does not import another feature/)]);
  });

  it('lets a feature import its own files and the shared pieces', async () => {
    const code = "import OfferCard from './OfferCard';\nimport { initials } from '../../components/Initials';\nexport { OfferCard, initials };\n";
    expect(await problems(code, 'src/client/features/invest/Fine.tsx')).toEqual([]);
  });

  it('refuses a feature importing app/ and shared code importing a feature', async () => {
    expect(await problems("export { default } from '../../app/App';\n", 'src/client/features/home/Up.tsx')).toEqual([
      expect.stringMatching(/app\/ composes the features/),
    ]);
    expect(await problems("export { default } from '../features/home/HomePage';\n", 'src/client/components/Down.tsx')).toEqual([
      expect.stringMatching(/shared client code imports no feature/),
    ]);
  });

  it('refuses an import cycle', async () => {
    // The not-found page imports lib/page-status; page-status importing it back closes a circle.
    const code = "import NotFoundPage from '../components/NotFoundPage';\nexport const page = NotFoundPage;\n";
    expect(await problems(code, 'src/client/lib/page-status.tsx')).toContainEqual(expect.stringMatching(/^import-x\/no-cycle: /));
  });
});

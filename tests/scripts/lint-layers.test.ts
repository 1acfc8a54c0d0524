/**
 * The lint keeps the layers true (issue 32 §3): a feature importing another feature or app/, shared client code
 * importing a feature, an import cycle, a server module reaching past another module's service.ts, and SQL in a module
 * outside its queries are each an error of `npm run lint`, with a message that says what to do. Checked with the
 * project's own ESLint configuration on code placed where each mistake would be made.
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

describe('the server modules in the lint', () => {
  it('refuses a module importing past another module\'s service.ts, and names the way out', async () => {
    const code = "import { noticeView } from '../notices/views';\nexport const view = noticeView;\n";
    expect(await problems(code, 'src/server/modules/donations/borrowed.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*a module uses another module only through its service\.ts/),
    ]);
  });

  it("lets a module import another module's service.ts and its own files", async () => {
    const code = "import { notify } from '../notices/service';\nimport { donationView } from './views';\nexport { notify, donationView };\n";
    expect(await problems(code, 'src/server/modules/donations/fine.ts')).toEqual([]);
  });

  const query = "import { sql, type Kysely } from 'kysely';\nimport type { DB } from '../../db/schema';\nexport const count = (db: Kysely<DB>) => db.selectFrom('donations').select(sql<number>`count(*)`.as('n')).execute();\n";

  it('refuses SQL in a module outside its queries: the query builder, the sql tag and its import', async () => {
    const found = await problems(query, 'src/server/modules/donations/service.ts');
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-syntax: SQL lives in the module's queries\.ts/),
      expect.stringMatching(/^no-restricted-syntax: SQL lives in the module's queries\.ts/),
      expect.stringMatching(/^no-restricted-syntax: SQL lives in the module's queries\.ts/),
    ]);
    const raw = "import type { Kysely } from 'kysely';\nimport type { DB } from '../../../db/schema';\nexport const gone = (db: Kysely<DB>) => db.deleteFrom('notices').execute();\n";
    expect(await problems(raw, 'src/server/modules/notices/routes/part.ts')).toEqual([expect.stringMatching(/^no-restricted-syntax: SQL lives/)]);
  });

  it("lets a module's queries.ts and queries/<part>.ts hold its SQL, and does not hold legacy code outside modules/ to it yet", async () => {
    expect(await problems(query, 'src/server/modules/donations/queries.ts')).toEqual([]);
    expect(await problems(query.replace("'../../db/schema'", "'../../../db/schema'"), 'src/server/modules/donations/queries/counts.ts')).toEqual([]);
    expect(await problems(query.replace("'../../db/schema'", "'../db/schema'"), 'src/server/routes/counts.ts')).toEqual([]);
  });
});

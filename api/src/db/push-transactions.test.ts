import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { groupCommit, groupedTransactions, REDO_GROUP } from "./push-transactions.ts";
import type { Database } from "./schema.ts";

/** A SQLite database with a table of notes and a count of the commits run on it. */
function database() {
  const sqlite = new SQLite(":memory:");
  sqlite.exec(`
    create table notes (text text primary key);
    create table owners (id integer primary key);
    create table owned (owner integer references owners (id) deferrable initially deferred);
    pragma foreign_keys = on;`);
  const commits = { count: 0 };
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === "query" && event.query.sql === "commit") commits.count++;
    },
  });
  const notes = () => sqlite.prepare("select text from notes order by text").pluck().all();
  return { db, commits, notes };
}

const note = (text: string) => async (trx: Kysely<Database>) => {
  await sql`insert into notes (text) values (${text})`.execute(trx);
  return text;
};

describe("group commit of pushes on SQLite", () => {
  it("applies the pushes that arrive together in one transaction with one commit, and answers each", async () => {
    const { db, commits, notes } = database();
    const transactions = groupCommit(db, { maxSize: 1000, concurrent: 1 });
    const replies = await Promise.all(["a", "b", "c", "d"].map((t) => transactions.run(note(t))));
    expect(replies).toEqual(["a", "b", "c", "d"]);
    expect(notes()).toEqual(["a", "b", "c", "d"]);
    expect(commits.count).toBe(1);
  });

  it("answers no push before its group has committed", async () => {
    const { db, notes } = database();
    const transactions = groupCommit(db, { maxSize: 1000, concurrent: 1 });
    const committedWhenAnswered: unknown[][] = [];
    await Promise.all(["a", "b"].map((t) => transactions.run(note(t)).then(() => committedWhenAnswered.push(notes()))));
    expect(committedWhenAnswered).toEqual([
      ["a", "b"],
      ["a", "b"],
    ]);
  });

  it("undoes only the push that throws; the others of its group are kept", async () => {
    const { db, notes } = database();
    const transactions = groupCommit(db, { maxSize: 1000, concurrent: 1 });
    const failing = async (trx: Kysely<Database>) => {
      await note("half-done")(trx);
      throw new Error("the effect broke");
    };
    const results = await Promise.allSettled([
      transactions.run(note("a")),
      transactions.run(failing),
      transactions.run(note("b")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(notes()).toEqual(["a", "b"]);
  });

  it("fails every push of a group whose commit fails, and keeps none of them", async () => {
    const { db, notes } = database();
    const transactions = groupCommit(db, { maxSize: 1000, concurrent: 1 });
    // A deferred foreign key is checked at the commit, so the commit itself fails.
    const orphan = async (trx: Kysely<Database>) => {
      await sql`insert into owned (owner) values (42)`.execute(trx);
    };
    const results = await Promise.allSettled([
      transactions.run(note("a")),
      transactions.run(orphan),
      transactions.run(note("b")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(notes()).toEqual([]);
    // The connection is usable again afterwards.
    await transactions.run(note("c"));
    expect(notes()).toEqual(["c"]);
  });

  it("keeps a group within its size, so a large push is not held behind many others", async () => {
    const { db, commits } = database();
    const transactions = groupCommit(db, { maxSize: 300, concurrent: 1 });
    await Promise.all([
      transactions.run(note("a"), 250),
      transactions.run(note("b"), 250),
      transactions.run(note("c"), 40),
      transactions.run(note("d"), 500),
    ]);
    // a | b + c | d (a push larger than the limit still goes, alone)
    expect(commits.count).toBe(3);
  });

  it("starts a new group for the pushes that arrive while one is being applied", async () => {
    const { db, commits, notes } = database();
    const transactions = groupCommit(db, { maxSize: 1000, concurrent: 1 });
    let late: Promise<string> | undefined;
    await transactions.run(async (trx) => {
      late = transactions.run(note("late"));
      return note("first")(trx);
    });
    await late;
    expect(notes()).toEqual(["first", "late"]);
    expect(commits.count).toBe(2);
  });

  it("by default, the pushes that arrive while a group is applied all wait for it and form the next one (SQLite has one writer)", async () => {
    const { db, commits, notes } = database();
    const transactions = groupCommit(db);
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const first = transactions.run(async (trx) => {
      await firstHeld;
      return note("first")(trx);
    });
    // Arriving one by one while the first group is open: a second group started beside it would
    // take only the first of them, and wait on the one connection anyway.
    const later: Promise<unknown>[] = [];
    for (const text of ["b", "c", "d"]) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      later.push(transactions.run(note(text)));
    }
    releaseFirst();
    await Promise.all([first, ...later]);
    expect(notes()).toEqual(["b", "c", "d", "first"]);
    expect(commits.count).toBe(2);
  });

  it("redoes a group in a new transaction when its apply asks, keeping nothing of the first try", async () => {
    const { db, commits, notes } = database();
    const attempts: number[] = [];
    const transactions = groupedTransactions<string, string>(
      db,
      async (trx, texts, attempt) => {
        attempts.push(attempt);
        await note(`try ${attempt}`)(trx);
        if (attempt === 0) return REDO_GROUP;
        return Promise.all(texts.map(async (t) => ({ ok: true as const, value: await note(t)(trx) })));
      },
      { maxSize: 1000, concurrent: 1 },
    );
    expect(await Promise.all([transactions.run("a"), transactions.run("b")])).toEqual(["a", "b"]);
    expect(attempts).toEqual([0, 1]);
    expect(notes()).toEqual(["a", "b", "try 1"]);
    expect(commits.count).toBe(1);
  });

  it("fails the group when its apply asks to redo it a second time", async () => {
    const { db, notes } = database();
    const transactions = groupedTransactions<string, string>(
      db,
      async (trx, _texts, attempt) => {
        await note(`try ${attempt}`)(trx);
        return REDO_GROUP;
      },
      { maxSize: 1000, concurrent: 1 },
    );
    await expect(transactions.run("a")).rejects.toThrow("redone twice");
    expect(notes()).toEqual([]);
  });
});

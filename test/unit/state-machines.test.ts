import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_OPEN_STATES,
  CANCELLATION_SETTLEABLE_STATES,
  CANCELLATION_STATES,
  CANCELLATION_TRANSITIONS,
} from '../../shared/domain/cancellation-states';
import {
  SALE_CHARGED_STATES,
  SALE_OPEN_STATES,
  SALE_SENDABLE_STATES,
  SALE_SENT_OPEN_STATES,
  SALE_STATES,
  SALE_TRANSITIONS,
  SALE_UNANSWERED_STATES,
} from '../../shared/domain/sale-states';
import { SHIFT_STATES, SHIFT_TRANSITIONS } from '../../shared/domain/shift-states';
import { openStates, statesFrom, statesLeadingTo, type Transitions } from '../../shared/domain/state-machine';
import {
  TOPUP_CHARGED_STATES,
  TOPUP_OPEN_STATES,
  TOPUP_SENT_OPEN_STATES,
  TOPUP_STATES,
  TOPUP_TRANSITIONS,
  TOPUP_UNANSWERED_STATES,
} from '../../shared/domain/topup-states';

// Every state machine is one table in shared/domain (`*-states.ts`), each state with a line naming
// what moves a record out of it, and every other list of its states is derived from that table.

const root = resolve(import.meta.dirname, '../..');

const MACHINES: Readonly<Record<string, { states: readonly string[]; transitions: Transitions<string> }>> = {
  sale: { states: SALE_STATES, transitions: SALE_TRANSITIONS },
  topup: { states: TOPUP_STATES, transitions: TOPUP_TRANSITIONS },
  cancellation: { states: CANCELLATION_STATES, transitions: CANCELLATION_TRANSITIONS },
  shift: { states: SHIFT_STATES, transitions: SHIFT_TRANSITIONS },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the state machines', () => {
  it('are each one table over every state of their enum', () => {
    for (const [name, { states, transitions }] of Object.entries(MACHINES)) {
      expect(new Set(Object.keys(transitions)), name).toEqual(new Set(states));
      for (const [from, to] of Object.entries(transitions)) {
        expect(
          to.every((state) => states.includes(state)),
          `${name}: ${from} → ${to.join(', ')}`,
        ).toBe(true);
        expect([...to], `${name}: ${from}'s moves in the enum's order`).toEqual(
          states.filter((state) => to.includes(state)),
        );
      }
    }
  });

  it('name, on a line above each state, what moves a record out of it', () => {
    const dir = join(root, 'shared/domain');
    const tables = readdirSync(dir).filter((name) => name.endsWith('-states.ts'));
    expect(tables).toHaveLength(Object.keys(MACHINES).length);
    for (const name of tables) {
      const text = readFileSync(join(dir, name), 'utf8');
      const table = /_TRANSITIONS: Transitions<\w+> = \{\n([\s\S]*?)\n\};/.exec(text)?.[1];
      expect(table, `${name} has no transitions table`).toBeDefined();
      const lines = table!.split('\n');
      lines.forEach((line, index) => {
        if (/^\s+\w+: \[/.test(line)) {
          expect(lines[index - 1], `${name}: the line above ${line.trim()}`).toMatch(/^\s+\/\/ \S/);
        }
      });
    }
  });

  it("each have a row in the architecture's table of state machines", () => {
    const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const section = /\n## The state machines\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? '';
    const named = [...section.matchAll(/`shared\/domain\/([\w-]+-states\.ts)`/g)].map((match) => match[1]);
    const tables = readdirSync(join(root, 'shared/domain')).filter((name) => name.endsWith('-states.ts'));
    expect(named.sort()).toEqual(tables.sort());
  });

  it('give every other list of their states by deriving it from the table', () => {
    expect(statesFrom(SALE_TRANSITIONS, 'pending')).toEqual(['pending', 'support', 'completed']);
    expect(statesLeadingTo(SALE_TRANSITIONS, 'completed')).toEqual([
      'intent',
      'sent',
      'in_doubt',
      'pending',
      'support',
    ]);
    expect(openStates(SHIFT_TRANSITIONS)).toEqual(['open']);
    expect({
      SALE_OPEN_STATES,
      SALE_SENDABLE_STATES,
      SALE_SENT_OPEN_STATES,
      SALE_UNANSWERED_STATES,
      SALE_CHARGED_STATES,
      TOPUP_OPEN_STATES,
      TOPUP_SENT_OPEN_STATES,
      TOPUP_UNANSWERED_STATES,
      TOPUP_CHARGED_STATES,
      CANCELLATION_OPEN_STATES,
      CANCELLATION_SETTLEABLE_STATES,
    }).toEqual({
      SALE_OPEN_STATES: ['intent', 'sent', 'in_doubt', 'pending', 'support'],
      SALE_SENDABLE_STATES: ['intent', 'sent', 'in_doubt'],
      SALE_SENT_OPEN_STATES: ['sent', 'in_doubt', 'pending', 'support'],
      SALE_UNANSWERED_STATES: ['sent', 'in_doubt'],
      SALE_CHARGED_STATES: ['pending', 'support', 'completed'],
      TOPUP_OPEN_STATES: ['intent', 'sent', 'in_doubt'],
      TOPUP_SENT_OPEN_STATES: ['sent', 'in_doubt'],
      TOPUP_UNANSWERED_STATES: ['intent', 'sent'],
      TOPUP_CHARGED_STATES: ['completed'],
      CANCELLATION_OPEN_STATES: ['intent', 'sent', 'unknown'],
      CANCELLATION_SETTLEABLE_STATES: ['sent', 'unknown'],
    });
  });

  it('are listed nowhere else: no module writes out two or more states of one machine', () => {
    const files = ['electron', 'renderer/src', 'shared']
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .map((file) => relative(root, file))
      // The migrations are history: each wrote its CHECK constraints as they were then.
      .filter((file) => !file.startsWith('electron/core/journal/migrations/'))
      .filter((file) => !file.startsWith('electron/core/shop/ledger-migrations/'))
      .filter((file) => !/^shared\/domain\/[\w-]+-states\.ts$/.test(file));
    const lists: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(/'[a-z_]+'(?:\s*,\s*'[a-z_]+')+/g)) {
        const words = match[0].split(',').map((word) => word.trim().slice(1, -1));
        for (const [name, { states }] of Object.entries(MACHINES)) {
          if (words.every((word) => states.includes(word))) lists.push(`${file}: ${name} states ${match[0]}`);
        }
      }
    }
    expect(lists).toEqual([]);
  });
});

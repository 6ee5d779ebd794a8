/**
 * The play-test session keeps what the player perceived (seed 001: fog with memory across
 * retries): memory grows with every position seen and survives undo and restart; the view is the
 * perceived one.
 */
import { describe, expect, it } from 'vitest';
import { PlaySession } from '../../src-renderer/src/services/play/session.ts';
import { walkKind } from '../support/walk-kind.ts';

const rules = walkKind.create({ stepLimit: 10 }).rules!;

function start(row = 'S.......E', memory?: unknown): PlaySession {
  const { session } = PlaySession.start(rules, { row }, { memory });
  if (!session) throw new Error('the walk did not load');
  return session;
}

const seen = (session: PlaySession) => session.snapshot().view.visibility!.map((v) => v[0]).join('');

describe('play session perception', () => {
  it('shows the perceived view: cells out of sight hidden', () => {
    const session = start();
    expect(seen(session)).toBe('vvvhhhhhh');
  });

  it('remembers what was seen across moves, undo and restart', () => {
    const session = start();
    session.command('r');
    session.command('r');
    expect(seen(session)).toBe('vvvvvhhhh');
    session.undo();
    session.undo();
    expect(seen(session)).toBe('vvvrrhhhh');
    session.restart();
    expect(seen(session)).toBe('vvvrrhhhh');
    expect(session.memory).toEqual([0, 1, 2, 3, 4]);
  });

  it('a refused command sees nothing new', () => {
    const session = start();
    expect(session.command('l')).toBe('refused');
    expect(session.memory).toEqual([0, 1, 2]);
  });

  it('starts from an earlier memory when given one', () => {
    const session = start('S.......E', [7, 8]);
    expect(seen(session)).toBe('vvvhhhhrr');
  });

  it('a kind without perception shows everything', () => {
    const plain = PlaySession.start({ ...rules, perceive: undefined }, { row: 'S.......E' }).session!;
    expect(plain.snapshot().view.visibility).toBeUndefined();
    expect(plain.memory).toBeUndefined();
  });
});

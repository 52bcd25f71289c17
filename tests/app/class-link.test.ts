import { describe, expect, it } from 'vitest';
import { classLinkParams, parseClassLink } from '../../src/app/class-link';
import { CLASS_VIEWS, DEFAULT_CLASS_SETTINGS, EMBED_IDS } from '../../src/state/class-settings';
import { VIEWS } from '../../src/ui/views';

describe('class links', () => {
  it('round-trips every setting through the query', () => {
    const settings = {
      ...DEFAULT_CLASS_SETTINGS, view: 'play' as const, iteration: 12, task: 1, trajectory: 4, turn: 2,
      hidden: ['config' as const, 'step' as const], tour: false, text: false, preset: 'classroom', recorded: null,
      autoplay: true, embed: true, presentation: true,
    };
    const search = `?${new URLSearchParams(classLinkParams(settings)).toString()}`;
    expect(parseClassLink(search)).toEqual({ settings, problems: [] });
  });

  it('writes nothing for the defaults and reads nothing as the defaults', () => {
    expect(classLinkParams(DEFAULT_CLASS_SETTINGS)).toEqual({});
    expect(parseClassLink('?seed=3&utm=x')).toEqual({ settings: DEFAULT_CLASS_SETTINGS, problems: [] });
  });

  it('names each bad value and keeps the usable part', () => {
    const { settings, problems } = parseClassLink('?hide=config,nope,config&task=0&trajectory=x&view=admin&tour=maybe&preset=fast&recorded=other');
    expect(settings.hidden).toEqual(['config']);
    expect(settings.task).toBeNull();
    expect(settings.trajectory).toBeNull();
    expect(settings.view).toBeNull();
    expect(settings.tour).toBe(true);
    expect(settings.preset).toBeNull();
    expect(settings.recorded).toBeNull();
    expect(problems).toHaveLength(7);
    expect(problems[0]).toContain('hide: unknown "nope"');
    expect(problems.join('\n')).toContain('task: expected an integer ≥ 1, got "0"');
    expect(problems.join('\n')).toContain('tour: expected 1 or 0, got "maybe"');
  });

  it('recorded=none turns the recording off', () => {
    expect(parseClassLink('?recorded=none').settings.recorded).toBeNull();
  });

  it('a class link can open every view of the app', () => {
    expect([...CLASS_VIEWS]).toEqual(VIEWS.map((v) => v.id));
    for (const view of CLASS_VIEWS) expect(parseClassLink(`?view=${view}`).settings.view).toBe(view);
  });

  it('embed=<part> embeds that one part and round-trips; embed=1 keeps the whole view', () => {
    for (const part of EMBED_IDS) {
      const { settings, problems } = parseClassLink(`?embed=${part}`);
      expect(problems).toEqual([]);
      expect(settings).toMatchObject({ embed: true, embedView: part });
      expect(classLinkParams(settings)).toEqual({ embed: part });
    }
    expect(parseClassLink('?embed=1').settings).toMatchObject({ embed: true, embedView: null });
    expect(parseClassLink('?embed=0').settings).toMatchObject({ embed: false, embedView: null });
  });

  it('an unknown embed part is named and not embedded', () => {
    const { settings, problems } = parseClassLink('?embed=slides');
    expect(settings).toMatchObject({ embed: false, embedView: null });
    expect(problems).toEqual(['embed: expected 1, 0 or one of group, curves, scatter, equation, tour, got "slides"; not embedded']);
  });
});

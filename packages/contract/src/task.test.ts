import { describe, expect, it } from 'vitest';
import { hasTaskResult, safeLink, taskDurationSeconds, taskFilterSchema, taskResultOf } from './task';

describe('task rules', () => {
  it('measures a finished task in whole seconds, in milliseconds or seconds, and a running one as null', () => {
    expect(taskDurationSeconds(1_700_000_000_000, 1_700_000_061_400, 1000)).toBe(61);
    expect(taskDurationSeconds(1_700_000_000, 1_700_000_030, 1)).toBe(30);
    expect(taskDurationSeconds(1_700_000_000, 0, 1)).toBeNull();
    expect(taskDurationSeconds(0, 1_700_000_000, 1)).toBeNull();
  });

  it('reads the list filters from a query string and leaves out what it cannot read, as the reference (issue 31)', () => {
    expect(taskFilterSchema.parse({ channel_id: '3', task_id: ' abc ', start_timestamp: '10' })).toEqual({
      channel_id: 3,
      task_id: 'abc',
      start_timestamp: 10,
      end_timestamp: 0,
    });
    expect(taskFilterSchema.parse({ channel_id: '-1', end_timestamp: 'NaN', start_timestamp: '' })).toEqual({
      channel_id: 0,
      task_id: '',
      start_timestamp: 0,
      end_timestamp: 0,
    });
  });

  it('links only http and https addresses', () => {
    expect(safeLink('https://cdn.example.com/a.mp3')).toBe('https://cdn.example.com/a.mp3');
    expect(safeLink('javascript:alert(1)')).toBe('');
    expect(safeLink('not a url')).toBe('');
  });

  it('finds the audio, video and lyrics of Suno music, Suno lyrics and a video answer', () => {
    const music = [
      {
        id: 'c1',
        title: 'Night',
        audio_url: 'https://cdn.example.com/c1.mp3',
        video_url: 'https://cdn.example.com/c1.mp4',
        metadata: { prompt: '[Verse] la la' },
      },
      { id: 'c2', title: 'Night', audio_url: 'javascript:alert(1)' },
    ];
    expect(taskResultOf(music)).toEqual({
      audios: [{ title: 'Night', url: 'https://cdn.example.com/c1.mp3' }],
      videos: [{ title: 'Night', url: 'https://cdn.example.com/c1.mp4' }],
      lyrics: [{ title: 'Night', text: '[Verse] la la' }],
    });
    expect(taskResultOf({ data: { id: 'l1', title: 'Song', text: 'first line\nsecond line' } }).lyrics).toEqual([
      { title: 'Song', text: 'first line\nsecond line' },
    ]);
    expect(taskResultOf({ id: 'video_1', status: 'completed', url: 'https://cdn.example.com/v.mp4' }).videos).toEqual([
      { title: '', url: 'https://cdn.example.com/v.mp4' },
    ]);
    expect(hasTaskResult(taskResultOf(null))).toBe(false);
    expect(hasTaskResult(taskResultOf('text'))).toBe(false);
  });
});

import type { MidjourneyView, TaskView } from '@switchboard/contract';
import { ok, type RecordedRequest } from './fetch-mock';

export { adminUser, commonUser } from './signed-in-users';

/** A finished Suno music task as `GET /api/task/` answers it. */
export function taskView(values: Partial<TaskView> = {}): TaskView {
  return {
    id: 1,
    created_at: 1_900_000_000,
    updated_at: 1_900_000_090,
    task_id: 'suno-task-1',
    platform: 'suno',
    user_id: 7,
    group: 'default',
    channel_id: 4,
    quota: 50_000,
    action: 'MUSIC',
    status: 'SUCCESS',
    fail_reason: '',
    submit_time: 1_900_000_000,
    start_time: 1_900_000_005,
    finish_time: 1_900_000_090,
    progress: '100%',
    properties: null,
    data: [
      {
        id: 'clip-1',
        title: 'Night drive',
        audio_url: 'https://cdn.example.com/clip-1.mp3',
        metadata: { prompt: '[Verse]\nroad lights' },
      },
    ],
    ...values,
  };
}

/** A finished imagine task as `GET /api/mj/` answers it; times in milliseconds. */
export function midjourneyView(values: Partial<MidjourneyView> = {}): MidjourneyView {
  return {
    id: 1,
    code: 1,
    user_id: 7,
    action: 'IMAGINE',
    mj_id: 'mj-1',
    prompt: '一只猫',
    prompt_en: 'a cat',
    description: '',
    state: '',
    submit_time: 1_900_000_000_000,
    start_time: 1_900_000_001_000,
    finish_time: 1_900_000_030_000,
    image_url: 'https://cdn.example.com/mj-1.png',
    video_url: '',
    video_urls: '',
    status: 'SUCCESS',
    progress: '100%',
    fail_reason: '',
    channel_id: 4,
    quota: 25_000,
    buttons: '',
    properties: '',
    ...values,
  };
}

/** Answers both lists with the given items, whichever view (admin or self) is asked. */
export function taskServer(tasks: TaskView[], drawings: MidjourneyView[]) {
  return (request: RecordedRequest) => {
    const path = new URL(request.url, 'http://console.test').pathname;
    // As the reference's lists: `data` is the plain list, paged from p=0, with the paging facts beside it.
    if (path.startsWith('/api/task/')) return ok(tasks, { page: 0, page_size: 10, total: tasks.length });
    if (path.startsWith('/api/mj/')) return ok(drawings, { page: 0, page_size: 10, total: drawings.length });
    return { status: 404, body: { success: false, message: 'no such API' } };
  };
}

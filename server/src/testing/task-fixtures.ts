/** A finished drawing (IMAGINE, SUCCESS) of `userId`, as the relay's submit and polling leave it in `midjourneys`. */
export const drawingRow = (userId: number, mjId: string, channelId: number, submitTime: number) => ({
  user_id: userId,
  mj_id: mjId,
  channel_id: channelId,
  submit_time: submitTime,
  action: 'IMAGINE',
  code: 1,
  status: 'SUCCESS',
  progress: '100%',
  prompt: `a cat ${mjId}`,
  image_url: `https://cdn.example.com/${mjId}.png`,
});

/** A finished Suno song (MUSIC, SUCCESS) of `userId`, as the relay's submit and polling leave it in `tasks`. */
export const taskRow = (userId: number, taskId: string, channelId: number, submitTime: number) => ({
  user_id: userId,
  task_id: taskId,
  platform: 'suno',
  channel_id: channelId,
  submit_time: submitTime,
  action: 'MUSIC',
  status: 'SUCCESS',
  progress: '100%',
  private_data: '{"key":"upstream-secret"}',
  data: JSON.stringify([{ id: taskId, title: 'Song', audio_url: `https://cdn.example.com/${taskId}.mp3` }]),
});

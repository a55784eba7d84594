import type { JobRunOutcome, JobStatusView } from '@switchboard/contract';
import { api } from '../http-client';

export const JOBS_QUERY_KEY = ['jobs'] as const;

/** `GET /api/job/`: the background jobs' last runs. */
export const fetchJobs = () => api.get<JobStatusView[]>('/api/job/');

/** Runs one job now: `ok`, `busy` (already running) or `failed`. */
export const runJob = (name: string) => api.post<JobRunOutcome>(`/api/job/${encodeURIComponent(name)}/run`, {});

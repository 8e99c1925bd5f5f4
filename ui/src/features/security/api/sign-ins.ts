/** The caller's recent sign-ins, failed attempts and locks (GET /accounts/sign-ins/). */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

export const SIGN_INS_PATH = '/accounts/sign-ins/';

export const signInSchema = z.object({
  id: z.string(),
  activity_type: z.string(),
  description: z.string(),
  created_datetime: z.string(),
});
export type SignInRow = z.infer<typeof signInSchema>;

function getSignIns(): Promise<SignInRow[]> {
  return api
    .get('/accounts/sign-ins/', dataEnvelope(z.array(signInSchema)))
    .then(({ data }) => data);
}

export function useRecentSignIns() {
  return useSWR(SIGN_INS_PATH, getSignIns);
}

import { voiceCredentialsSchema, type VoiceCredentials } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api, baseQuery } from '../../store/api.js';

/**
 * The softphone's credentials (docs/voice.md): ephemeral, valid 12 h. A 404 (VOICE_DISABLED)
 * means voice is off here: `null`, not an error, so no snackbar says anything of it. Any other
 * failure is an error, and the owner retries (widgets/voice/VoiceScope.tsx).
 */
const voiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVoiceCredentials: build.query<VoiceCredentials | null, void>({
      async queryFn(_arg, queryApi, extraOptions) {
        const answer = await baseQuery(PATHS.voiceCredentials, queryApi, extraOptions);
        if (answer.error?.status === 404) return { data: null };
        if (answer.error) return { error: answer.error };
        const parsed = voiceCredentialsSchema.safeParse(answer.data);
        if (parsed.success) return { data: parsed.data };
        console.error('Voice credentials: invalid answer', parsed.error.issues);
        return { error: { status: 'CUSTOM_ERROR', error: 'invalid voice credentials' } };
      },
      // One fetch per sign-in; the owner refetches before they expire.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetVoiceCredentialsQuery } = voiceApi;

// Sends a login or reset code to an email or phone after checking the target (docs/product/sign-in.md#password-reset), and
// reports the outcome with the docs/product/errors.md#outcome-and-failure-messages messages ("verification code sent" / "failed to obtain").
import { useCallback } from 'react';
import { errorTranslationKey } from '../../../lib/api-error';
import { showNotice } from '../../../lib/notices';
import { sendEmailCode, type CodePurpose } from '../api/send-email-code';
import { sendPhoneCode } from '../api/send-phone-code';
import { emailError, normalisePhone, phoneError, type MessageKey } from '../utils/validation';

type ErrorSetter = (errors: Partial<Record<'email' | 'phone' | 'form', MessageKey>>) => void;

export function useSendCode(purpose: CodePurpose, setErrors: ErrorSetter) {
  return useCallback(
    async (kind: 'email' | 'phone', raw: string): Promise<number | null> => {
      const problem = kind === 'email' ? emailError(raw) : phoneError(raw);
      if (problem) {
        setErrors({ [kind]: problem });
        return null;
      }
      setErrors({});
      try {
        const result =
          kind === 'email'
            ? await sendEmailCode(raw.trim(), purpose)
            : await sendPhoneCode(normalisePhone(raw), purpose);
        showNotice('info.codeSent', 'success');
        return result.resend_after;
      } catch (error) {
        showNotice('info.codeSendFail', 'error');
        setErrors({ form: errorTranslationKey(error) });
        return null;
      }
    },
    [purpose, setErrors],
  );
}

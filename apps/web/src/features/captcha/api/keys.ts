/** The query key of the server's captcha settings. */
export const captchaKeys = {
  config: ['captcha', 'config'] as const,
};

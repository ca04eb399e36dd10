export { verifyCaptcha } from './api/verify-captcha';
export { Captcha } from './components/captcha';
export { useCaptcha } from './use-captcha';

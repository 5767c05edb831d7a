/** Messages quoted by SPEC.md, written once for server and client. */
export const MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  loginSuccess: 'Login successful',
  loginFailedTitle: 'Login failed',
  loginFailedText: 'Invalid username or password',
  notFoundPage: '404 Page Not Found',
  loading: 'Loading...',
  unauthorized: 'Unauthorized',
} as const

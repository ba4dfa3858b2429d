// react-admin's own error screens, loaded only when one shows (see LightAdmin).
export { Error as AdminError, AuthenticationError } from 'react-admin';

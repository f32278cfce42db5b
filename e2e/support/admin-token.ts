/** The operator's key of the product server every spec runs against: 32+ characters, as the server requires. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdefgh';

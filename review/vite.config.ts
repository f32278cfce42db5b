import { defineReviewConfig } from '@assessment/build';

export default defineReviewConfig();

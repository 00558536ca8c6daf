import type { Generated } from '../../db/columns.ts';
import type { SuggestionStatus, SuggestionTopic } from '@portal/domain/suggestions/index';

/** The suggestion box (migration 0022). */
export interface SuggestionTables {
  suggestion: {
    id: Generated<string>;
    /** The follow-up code given to the sender (unique). */
    code: string;
    status: Generated<SuggestionStatus>;
    topic: SuggestionTopic;
    sender_name: string;
    /** Email or phone: only the department reads it. */
    sender_contact: string | null;
    title: string;
    content: string;
    /** The question as published, when the department edited it. */
    published_title: string | null;
    published_content: string | null;
    answer: string | null;
    assigned_to: string | null;
    assigned_at: Date | null;
    answered_at: Date | null;
    answered_by: string | null;
    answered_by_name: string | null;
    published_at: Date | null;
    closed_at: Date | null;
    version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    updated_by: string | null;
    deleted_at: Date | null;
    deleted_by: string | null;
  };
}

/**
 * What the two floors, {@code wire} and {@code raw}, share: a session's messages, the loop of a
 * turn (ask the model, run the tools it calls, send their results, until it answers with text),
 * the tools' execution, and the chat-completions JSON, written and read with Jackson's streaming
 * generator and parser. The floors differ only in how the bytes travel.
 *
 * <p>Internal: no compatibility is promised to code outside bench-builtin.
 */
package dev.agentbench.builtin.loop;

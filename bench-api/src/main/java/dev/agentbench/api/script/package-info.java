/**
 * The mock's script model: a {@link dev.agentbench.api.script.Script} is a list of turns, a turn a
 * list of steps, a step one model reply (text, tool calls, or a fault). The mock picks the step for
 * a request from the request alone: turn = number of user messages − 1, step = number of assistant
 * messages after the last user message.
 */
package dev.agentbench.api.script;

package dev.agentbench.agentscope;

import dev.agentbench.api.StreamObserver;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.AgentResultEvent;
import io.agentscope.core.event.ModelCallStartEvent;
import io.agentscope.core.event.TextBlockDeltaEvent;
import io.agentscope.core.event.ToolCallDeltaEvent;
import io.agentscope.core.message.Msg;

/**
 * What a streaming user reads from {@code ReActAgent.streamEvents}: the text deltas of each model
 * call as they come, and the final message of the {@code AgentResultEvent}. Each non-empty text delta
 * ({@code TextBlockDeltaEvent}) and each tool call's argument delta ({@code ToolCallDeltaEvent}) goes
 * to the turn's {@link StreamObserver} as the event arrives. The deltas of the last model call must
 * add up to the final message's text; otherwise the turn fails, since a user who read the stream
 * would have seen another reply than the one AgentScope kept.
 */
final class StreamedTurn {

    private final StreamObserver observer;

    private StringBuilder lastCall = new StringBuilder();
    private boolean textStreamed;
    private Msg reply;

    StreamedTurn(StreamObserver observer) {
        this.observer = observer;
    }

    void accept(AgentEvent event) {
        if (event instanceof ModelCallStartEvent) {
            lastCall = new StringBuilder();
            textStreamed = false;
        } else if (event instanceof TextBlockDeltaEvent delta) {
            String piece = delta.getDelta();
            if (piece != null && !piece.isEmpty()) {
                observer.text(piece);
            }
            lastCall.append(piece);
            textStreamed = true;
        } else if (event instanceof ToolCallDeltaEvent delta) {
            String piece = delta.getDelta();
            if (piece != null && !piece.isEmpty()) {
                observer.toolCallDelta(delta.getToolCallId(), piece);
            }
        } else if (event instanceof AgentResultEvent result) {
            reply = result.getResult();
        }
    }

    /**
     * @return the final message, or {@code null} when the stream carried none
     * @throws IllegalStateException when the last model call's text deltas are not the reply's text
     */
    Msg reply() {
        if (reply != null) {
            String text = TurnReports.text(reply.getContent());
            String streamed = textStreamed ? lastCall.toString() : null;
            if (text != null && !text.equals(streamed)) {
                throw new IllegalStateException("The streamed text of the last model call [" + streamed
                        + "] is not the text of AgentScope's final message [" + text + "]");
            }
        }
        return reply;
    }
}

package io.github.iggycompat.iggy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.iggycompat.iggy.internal.codec.CommandTable;
import org.junit.jupiter.api.Test;

/** The client's replay decision after a lost connection reads the spec's {@code replay_safe}. */
class ReplayDecisionTest {
    @Test
    void lookupsAndPingAreReplayedWhereverTheirNamesStart() {
        for (int code : new int[] {Codes.Command.PING, Codes.Command.GET_SNAPSHOT, Codes.Command.GET_STREAMS,
                Codes.Command.DESCRIBE_OPTIONS}) {
            assertTrue(IggyClient.replayable(code), CommandTable.BY_CODE.get(code).name());
        }
    }

    @Test
    void changesLoginsAndUnknownCodesAreNeverReplayed() {
        for (int code : new int[] {Codes.Command.SEND_MESSAGES, Codes.Command.LOGIN_USER, Codes.Command.LOGIN_REGISTER,
                Codes.Command.LOGOUT_USER, Codes.Command.SYNC_CONSUMER_GROUP}) {
            assertFalse(IggyClient.replayable(code), CommandTable.BY_CODE.get(code).name());
        }
        assertFalse(IggyClient.replayable(9999));
        for (CommandTable.Entry command : CommandTable.ALL) {
            assertFalse(command.mutates() && IggyClient.replayable(command.code()), command.name());
        }
    }
}

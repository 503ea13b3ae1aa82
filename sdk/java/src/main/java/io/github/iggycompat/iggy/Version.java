// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: VERSION. Change it, then run `make gen`.
package io.github.iggycompat.iggy;

/** The release of this SDK and the name it sends to the server. */
public final class Version {
    private Version() {}

    /** The SDK's release ({@code MAJOR.MINOR.PATCH}), the artifact's Maven version. */
    public static final String SDK_VERSION = "0.2.0";

    /** What the SDK sends as LoginUser's version string. */
    public static final String CLIENT_NAME = "iggy-sdk-java/0.2.0";
}

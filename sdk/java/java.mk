# The Java SDK (Maven, JDK 17, JUnit 5). -q -B keeps Maven quiet and non-interactive; after the first run every
# artifact is in ~/.m2 and the build works offline. Integration tests start servers through
# `python -m iggy_server.testing` with the interpreter named by IGGY_TEST_PYTHON.
JAVA_DIR := sdk/java
JAVA_SOURCES := $(JAVA_DIR)/pom.xml $(shell find $(JAVA_DIR)/src -name '*.java' 2>/dev/null)

.PHONY: test-java conformance-driver-java
# `mvn verify` runs the tests and then builds what a release publishes: the jar, the sources jar and the javadoc jar
# (javadoc's doclint fails the build on broken HTML); each must carry META-INF/LICENSE and META-INF/NOTICE.
JAVA_ARTIFACT := $(JAVA_DIR)/target/iggy-sdk-$(shell cat VERSION)
test-java: server ## the java SDK suite: tests, then jar + sources jar + javadoc jar (mvn verify in sdk/java)
	cd $(JAVA_DIR) && IGGY_TEST_PYTHON=$(PY) mvn -q -B verify && cat target/surefire-reports/*.txt | grep -h "Tests run"
	@for jar in $(JAVA_ARTIFACT).jar $(JAVA_ARTIFACT)-sources.jar $(JAVA_ARTIFACT)-javadoc.jar; do \
	  listing=$$(jar tf $$jar) || exit 1; \
	  for entry in META-INF/LICENSE META-INF/NOTICE; do \
	    grep -qx "$$entry" <<< "$$listing" || { echo "test-java: $$jar lacks $$entry"; exit 1; }; done; \
	  echo "test-java: $$jar ($$(wc -l <<< "$$listing") entries, LICENSE and NOTICE included)"; done

# The conformance driver (io.github.iggycompat.iggy.conformance.Driver, test scope: it carries its own small JSON
# codec) runs in one JVM per driver process, started as `java @target/driver.argfile`; the argfile is the stamp.
JAVA_DRIVER_ARGFILE := $(JAVA_DIR)/target/driver.argfile

conformance-driver-java: $(JAVA_DRIVER_ARGFILE) ## build the Java SDK's conformance driver

$(JAVA_DRIVER_ARGFILE): $(JAVA_SOURCES)
	cd $(JAVA_DIR) && mvn -q -B test-compile
	printf -- '-XX:+UseSerialGC\n-XX:TieredStopAtLevel=1\n-Dfile.encoding=UTF-8\n-cp\n"%s:%s"\nio.github.iggycompat.iggy.conformance.Driver\n' \
	  "$(ROOT)/$(JAVA_DIR)/target/classes" "$(ROOT)/$(JAVA_DIR)/target/test-classes" > $@

test-conformance: $(JAVA_DRIVER_ARGFILE)
